import { localDate, type TaskBoard, type TaskCard, type TaskPriority } from '@atrium/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { applyCardMove, placeCard, reverseMove, type CardMove } from '../lib/kanban-moves';
import { refreshAfterTaskChange } from './tasks.queries';

export type BoardFilters = {
  /** None: the server's first project by name (spec 2 "defaults to first project"). */
  projectId: string | undefined;
  /** An employee id, 'unassigned', or none for everyone. */
  assigneeId: string | undefined;
  priority: TaskPriority | undefined;
};

/**
 * Starts with 'tasks': the realtime feature refreshes every query under that root when anyone
 * changes a task, which is how another member's move reaches this board.
 */
export const boardQueryKey = (filters: BoardFilters) => ['tasks', 'board', filters] as const;

export const boardQueryOptions = (filters: BoardFilters) =>
  queryOptions({
    queryKey: boardQueryKey(filters),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams();
      if (filters.projectId) query.set('projectId', filters.projectId);
      if (filters.assigneeId) query.set('assigneeId', filters.assigneeId);
      if (filters.priority) query.set('priority', filters.priority);
      const search = query.toString();
      return apiRequest<TaskBoard>(`/api/v1/tasks/board${search ? `?${search}` : ''}`, { signal });
    },
    // A new filter keeps the old cards (dimmed) on screen until the answer comes, instead of a skeleton.
    placeholderData: keepPreviousData,
  });

export const moveCard = ({ taskId, ...placement }: CardMove) =>
  apiRequest<TaskCard>(`/api/v1/tasks/${encodeURIComponent(taskId)}/move`, {
    method: 'POST',
    json: placement,
  });

const moveMutationKey = ['tasks', 'move'] as const;

/** Whether a card that leaves Done is overdue again depends on the workspace's date (spec 9). */
const todayIn = (timeZone: string | undefined) =>
  localDate(new Date(), timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);

export type MoveRequest = CardMove & { title: string };

/**
 * A kanban move, optimistic: the card jumps at once and the server's answer follows. A refused move
 * puts the card back and calls `onRefused`; every move, answered or refused, calls `onSettled`.
 */
export function useMoveCard(
  filters: BoardFilters,
  timeZone: string | undefined,
  {
    onRefused,
    onSettled,
  }: {
    onRefused: (request: MoveRequest, error: Error) => void;
    // Here rather than in mutate()'s options: those fire only for the latest call, and a burst of
    // key presses makes several.
    onSettled: (request: MoveRequest) => void;
  },
) {
  const queryClient = useQueryClient();
  const { queryKey } = boardQueryOptions(filters);
  return useMutation({
    mutationKey: moveMutationKey,
    // One at a time, in the order made: a card moved twice quickly must not land where the first
    // move put it, and a move next to a card that is itself moving needs that card's new place.
    // The optimistic updates still happen at once; only the requests wait for each other.
    scope: { id: 'kanban-move' },
    mutationFn: ({ title: _title, ...move }: MoveRequest) => moveCard(move),
    onMutate: async (request) => {
      // A refetch already on its way would land with the old order on top of the moved card.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(
        queryKey,
        (board) => board && applyCardMove(board, request, todayIn(timeZone)),
      );
      return { before };
    },
    // The server's answer replaces the guess, so the cache is right once the move stops being pending.
    onSuccess: (card) => {
      queryClient.setQueryData(queryKey, (board) => board && placeCard(board, card, todayIn(timeZone)));
    },
    onError: (error, request, context) => {
      const back = context?.before && reverseMove(context.before, request.taskId);
      // Only this card goes back: a snapshot of the whole board would also undo later moves still in flight.
      if (back) {
        queryClient.setQueryData(queryKey, (board) => board && applyCardMove(board, back, todayIn(timeZone)));
      }
      onRefused(request, error);
    },
    onSettled: (_card, _error, request) => {
      onSettled(request);
      // The last move of a burst refetches once; earlier ones would show the board between moves.
      if (queryClient.isMutating({ mutationKey: moveMutationKey }) === 1) {
        void refreshAfterTaskChange(queryClient);
      }
    },
  });
}

/**
 * The board with the moves still in flight applied on top. The cache already has them, but a
 * refetch the realtime stream starts during a move would otherwise show the card back in its old
 * column until the move is answered.
 */
export function useBoard(filters: BoardFilters, timeZone: string | undefined) {
  const query = useQuery(boardQueryOptions(filters));
  const pendingMoves = useMutationState({
    filters: { mutationKey: moveMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as MoveRequest | undefined,
  });
  const data = useMemo(() => {
    if (!query.data || query.isPlaceholderData) return query.data;
    return pendingMoves.reduce<TaskBoard>(
      (board, move) => (move ? applyCardMove(board, move, todayIn(timeZone)) : board),
      query.data,
    );
  }, [query.data, query.isPlaceholderData, pendingMoves, timeZone]);
  return { ...query, data };
}
