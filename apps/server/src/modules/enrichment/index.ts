// The enrichment module's door: suggestions for an item read from its photos (colours, printed
// text, barcodes, and a vision model's through the port the composition root fills).
export { EnrichmentService, PHOTO_ELSEWHERE } from './enrichment.service';
export { PhotoAnalyser } from './enrichment.analysis';
export type { PhotoVisionPort, VisionSuggestions } from './enrichment.vision';
