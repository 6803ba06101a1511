/** axe-core over the admin's screens (tests/e2e/axe-screens.ts has the screens and how each is checked). */
import { axeFindsNoViolation } from './axe-screens.ts';

axeFindsNoViolation('admin');
