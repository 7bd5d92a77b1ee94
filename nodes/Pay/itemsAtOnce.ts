/**
 * How many items the node sends at the same time when Items at Once is not set. Operations that
 * cannot cause anything twice, reads and creations that carry an idempotency key, send 10 at a
 * time: one at a time made them slower than n8n's HTTP Request node, which starts every item's
 * request at once. Everything that moves money or changes state stays one at a time.
 */
import type { PayOperation } from './actions/types';

export const ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS = 10;

export function defaultItemsAtOnce(operation: PayOperation): number {
	return operation.safeToRunTogether ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1;
}
