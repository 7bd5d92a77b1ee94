import type { IDataObject } from 'n8n-workflow';

import { pickFields } from '../pickFields';

/**
 * A listed transfer with Simplify (from version 2): the spec's four fields, whatever else the
 * service adds.
 */
export function simpleTransfer(transfer: IDataObject): IDataObject {
	return pickFields(transfer, ['from_user', 'to_user', 'amount', 'date']);
}
