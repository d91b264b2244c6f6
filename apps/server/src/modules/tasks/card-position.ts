import type { Tx } from '@atrium/db';
import { positionBetween, positionStep, taskStatusLabels, type TaskStatus } from '@atrium/shared';
import { unprocessable } from './task-access';
import { taskBoardRepository as board, type Placement } from './task-board.repository';

/**
 * The position for a card placed in a column. When the neighbours' gap has worn out the column is
 * renumbered and the neighbours read again (call with the project locked).
 */
export async function placeIn(
  tx: Tx,
  landing: {
    tenantId: string;
    projectId: string;
    status: TaskStatus;
    movingId: string | null;
    placement: Placement;
  },
): Promise<number> {
  const { tenantId, projectId, status, placement } = landing;
  for (let attempt = 0; attempt < 2; attempt++) {
    const around = await board.neighbours(tx, landing);
    if (around === 'no-anchor') {
      const field = placement.kind === 'after' ? 'afterId' : 'beforeId';
      throw unprocessable('That card is not in the target column', {
        [field]: `Choose a card of the ${taskStatusLabels[status]} column`,
      });
    }
    const position = positionBetween(around.before, around.after);
    if (position !== null) return position;
    await board.renumber(tx, { tenantId, projectId, status, step: positionStep });
  }
  throw new Error('no position after renumbering the column');
}
