/**
 * The types an action reads: a resource, and the operation descriptor. The descriptor stands below
 * `actions/` (`../payOperation.ts`) because the Pay Tool reads it too.
 */
import type { PayOperation } from '../payOperation';

export type {
	GuardedField,
	MoneyMovement,
	OperationEnvironment,
	PayOperation,
} from '../payOperation';

export interface PayResource {
	value: string;
	name: string;
	description?: string;
	operations: PayOperation[];
	/** The operation chosen when the resource is picked. */
	defaultOperation: string;
}
