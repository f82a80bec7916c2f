import { describeBadInput } from './bad-input';

describeBadInput();
