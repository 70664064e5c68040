import type { PendingApproval } from '../../view-models/approvals';

/** What every approval screen receives from the confirm page. */
export interface ScreenProps {
  request: PendingApproval;
  /** Its place among every pending request, oldest first ("1 of 3"). */
  position: number;
  total: number;
}

/** The request data of one approval type (the screen checks the type it was given). */
export type RequestDataOf<K extends PendingApproval['type']> = Extract<
  PendingApproval,
  { type: K }
>['requestData'];
