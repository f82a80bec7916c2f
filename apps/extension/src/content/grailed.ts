import { grailed } from '../adapters/grailed';
import { listen } from './runtime';

listen(grailed);
