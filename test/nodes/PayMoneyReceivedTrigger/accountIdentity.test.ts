/** The account's names as the list of transfers may write them. */
import { comparable } from '../../../nodes/PayMoneyReceivedTrigger/accountIdentity';

describe("the account's names", () => {
	it.each([
		['3001234567', '3001234567'],
		['+57 300 123 4567', '3001234567'],
		['57-300-123-4567', '3001234567'],
		['(300) 123.4567', '3001234567'],
		['  Demo ', 'demo'],
		['5712345', '5712345'],
	])('%s compares as %s', (given, expected) => expect(comparable(given)).toBe(expected));
});
