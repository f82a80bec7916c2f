import { poshmark } from '../adapters/poshmark';
import { listen } from './runtime';

listen(poshmark);
