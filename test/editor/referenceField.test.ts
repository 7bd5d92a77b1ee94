/**
 * The Reference field: shown by exactly the operations that move money, reading alike everywhere.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Pay } from '../../nodes/Pay/Pay.node';
import { CLAIM_CHECK_DELAY_MS } from '../../nodes/shared/transport/neverTwice/sentRecord';

const referenceFields = new Pay().description.properties.filter(
	(property) => property.name === 'reference',
);
const shownFor = (field: INodeProperties) =>
	(field.displayOptions?.show?.operation as string[]).map(
		(operation) => `${field.displayOptions?.show?.resource} → ${operation}`,
	);

describe('Reference', () => {
	it('is offered by every operation that moves money, and by no other', () => {
		expect(referenceFields.flatMap(shownFor).sort()).toEqual([
			'card → charge',
			'checkout → confirmWalletOtp',
			'checkout → payInCash',
			'checkout → payWithBankButton',
			'checkout → payWithBreb',
			'checkout → payWithDaviplata',
			'checkout → payWithNequi',
			'checkout → payWithOtherMethod',
			'checkout → payWithPse',
			'transfer → send',
			'withdrawal → withdraw',
			'withdrawal → withdrawAndWait',
		]);
	});

	it('says exactly what holds: recorded and read back before sending, at most once with two workers within the check, asks the service, derived when empty, how to send again', () => {
		const descriptions = new Set(referenceFields.map((field) => field.description));
		expect(descriptions.size).toBe(1);
		const [description] = [...descriptions];
		expect(description).toMatch(/records it in its own database before sending/);
		expect(description).toMatch(/reads the record back half a second later/);
		expect(CLAIM_CHECK_DELAY_MS).toBe(500);
		expect(description).toMatch(/goes out at most once/);
		expect(description).toMatch(
			/two workers claim it at the same instant, as long as n8n's database/,
		);
		expect(description).toMatch(/asks the service .* before saying the outcome is unknown/);
		expect(description).toMatch(/Empty: one derived from the trigger's data/);
		expect(description).toMatch(/To send again on purpose, use a new reference/);
		expect(referenceFields.every((field) => field.default === '' && !field.required)).toBe(true);
	});
});
