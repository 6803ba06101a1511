import { dashboardSummary } from '#db/reports/dashboard.ts';
import { handle } from '#site/lib/server/handle.ts';

export const GET = handle('dashboardSummary', ({ db }) => dashboardSummary(db));
