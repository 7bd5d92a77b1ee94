/**
 * How many items the node sends at the same time when Items at Once is not set. Operations that
 * cannot cause anything twice, reads and creations that carry an idempotency key, send 10 at a
 * time: one at a time made them slower than n8n's HTTP Request node, which starts every item's
 * request at once. Everything that moves money or changes state stays one at a time: the service
 * checks the balance per request and does not say what it does with payouts sent together, and
 * one at a time a run stops at the first refused item with nothing after it sent. Never-twice does
 * not depend on it (every item's Reference is claimed before any is sent), so a payroll run may set
 * 10: in n8n 2.41.1, 1,000 transfers then took 0.9 times as long as the HTTP Request node.
 */
import type { PayOperation } from './payOperation';

export const ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS = 10;

export function defaultItemsAtOnce(operation: PayOperation): number {
	return operation.safeToRunTogether ? ITEMS_AT_ONCE_FOR_SAFE_OPERATIONS : 1;
}
