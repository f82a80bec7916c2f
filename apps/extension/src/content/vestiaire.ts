import { vestiaire } from '../adapters/vestiaire';
import { listen } from './runtime';

listen(vestiaire);
