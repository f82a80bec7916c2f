import { facebook } from '../adapters/facebook';
import { listen } from './runtime';

listen(facebook);
