/**
 * What the editor shows for Transfer and Card where the documentation and the live service
 * disagree.
 */
import type { INodeProperties } from 'n8n-workflow';

import { deleteCard } from '../../nodes/Pay/actions/card/delete.operation';
import { chargeCard } from '../../nodes/Pay/actions/card/charge.operation';
import { getManyTransfers } from '../../nodes/Pay/actions/transfer/getAll.operation';
import { sendTransfer } from '../../nodes/Pay/actions/transfer/send.operation';

/** A field of an operation, looked for inside its Options too. */
function field(properties: INodeProperties[], name: string): INodeProperties {
	const all = properties.flatMap((property) => [
		property,
		...((property.type === 'collection' ? property.options : []) as INodeProperties[]),
	]);
	const found = all.find((property) => property.name === name);
	if (!found) throw new Error(`no field ${name}`);
	return found;
}

describe('Transfer → Send', () => {
	it('leads the recipient field with the mobile number every real client sends, a username still named', () => {
		const recipient = field(sendTransfer.properties, 'recipient');
		expect(recipient.displayName).toMatch(/^Recipient Mobile Number/);
		expect(recipient.displayName).toMatch(/Username/);
		expect(recipient.placeholder).toBe('e.g. 3001234567');
		expect(recipient.description).toMatch(/^The recipient's mobile number/);
	});

	it('sends the recipient as to_user by default, the name the newer documentation prefers, and says why', () => {
		const recipientField = field(sendTransfer.properties, 'recipientField');
		expect(recipientField.default).toBe('to_user');
		expect(recipientField.description).toMatch(/newer documentation/);
	});
});

describe('Transfer → Get Many', () => {
	it('says the service lists transfers made or received', () => {
		expect(getManyTransfers.description).toMatch(/made or received/);
	});
});

describe('Card', () => {
	it('Charge sends the slug under both names by default', () => {
		expect(field(chargeCard.properties, 'slugField').default).toBe('both');
	});

	it('Delete tries what real clients send first', () => {
		expect(field(deleteCard.properties, 'deleteMethod').default).toBe('GET');
	});
});
