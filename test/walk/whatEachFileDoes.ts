/**
 * What each file a measured walk enters does there, in a line: the words CONTRIBUTING.md gives
 * beside each file of "What happens to one item". The lists themselves, which files and in what
 * order, are measured (walkToTheWire.test.ts) and written by `npm run docs:walks`; only these
 * words are typed. A file a walk enters without a line here fails the walk test.
 */
export const WHAT_EACH_FILE_DOES: Record<string, string> = {
	'nodes/Pay/Pay.node.ts': '`execute()` and `webhook()` hand the run to the router.',
	'nodes/Pay/actions/router.ts':
		"the operation chosen, the run's settings read once (request options, Items at Once, the credential), every item to the pipeline; a callback to the wait it resumes.",
	'nodes/Pay/actions/requestOptions.ts': "the Request Options checked, Items at Once's default.",
	'nodes/shared/transport/index.ts': "the transport's door, the one module the nodes import of it.",
	'nodes/shared/transport/request/runScope.ts':
		"the run's scope in the at-most-once ledger, opened as it starts, let go when every item is done.",
	'nodes/shared/transport/neverTwice/ledger.ts':
		"the execution's ledger: Retry On Fail meets an answer, never a second send.",
	'nodes/Pay/execution/readParameter.ts':
		'a field read once per run when it holds no expression, or from the item when it is mapped straight from it.',
	'nodes/Pay/actions/simplify.ts': "the item's Simplify read, before anything is sent.",
	'nodes/Pay/actions/transfer/send.operation.ts': "the item's fields and its request.",
	'nodes/Pay/helpers/fieldInput.ts': "a field's value checked (text) with an error naming it.",
	'nodes/Pay/helpers/amount.ts': 'the amount checked, digit for digit, with an error naming it.',
	'nodes/Pay/execution/derivedReference.ts': "the item's Reference, mapped or derived.",
	'nodes/Pay/actions/itemPipeline.ts':
		"the items under way together (claimed ahead of the wire, ten per item Items at Once lets on it), an AI agent's call gate only when the node runs as a tool, the output paired to its input.",
	'nodes/Pay/actions/sendGate.ts':
		'the send gate: Items at Once on the wire, the "sent" marks items leave behind.',
	'nodes/Pay/actions/launchUnder.ts': 'the items started, at most so many under way at a time.',
	'nodes/shared/transport/request/request.ts':
		'recall → claim → gate → send, with retries for what is safe to repeat.',
	'nodes/Pay/actions/itemEnding.ts':
		"the operation's request function, which hands back the service's answer or ends the item on a request sent before.",
	'nodes/shared/transport/wire/connection.ts':
		"one attempt on the wire through n8n's `httpRequestWithAuthentication`.",
	'credentials/baseUrl.ts':
		'the Base URL as pasted, read (and refused when it would send another authentication) by the credential and the connection.',
	'nodes/shared/transport/wire/credentialRefusals.ts':
		'a Base URL or a secret the credential cannot be sent with, refused before anything leaves.',
	'credentials/secretLength.ts': "the credential's secrets long enough to be masked.",
	'nodes/shared/transport/wire/maskedAnswer.ts': "the credential's secrets masked in the answer.",
	'nodes/shared/transport/neverTwice/referenceClaim.ts':
		'the claim of the Reference, stopped by what an earlier execution left (a request without one claims nothing).',
	'nodes/shared/transport/neverTwice/sentRecord.ts':
		"the Reference recorded in n8n's database with an owner key, read back after the wait.",
	'nodes/shared/transport/neverTwice/recordList.ts': "the run's claims written together, in turns.",
	'nodes/shared/transport/neverTwice/claimTime.ts':
		"when the Reference was claimed, for the service's list to be read against if the answer is lost.",
	'nodes/shared/transport/wire/tokenSingleFlight.ts': 'the token asked for once per credential.',
	'credentials/PayApi.credentials.ts': "n8n's helper asks the credential to sign the request.",
	'nodes/Pay/waiting/resumeWebhook.ts':
		"the callback to a waiting node: the wait's token, then the body, then the wait's kind.",
	'nodes/Pay/waiting/waitRecord.ts':
		"what the execution waits for, from n8n's record of it: the links' slugs and the token's digest.",
	'nodes/shared/callback/credentialCache.ts':
		'the credential as last read, kept a few seconds: n8n decrypts it on every read.',
	'nodes/Pay/waiting/waitToken.ts': "the callback's token checked against the wait's digest.",
	'nodes/shared/callback/readCallbackBody.ts':
		"the callback's body as an object, JSON or form, parsed or raw.",
	'nodes/shared/callback/callbackEvent.ts': 'what the callback says, as one clean event.',
	'nodes/shared/service/slugRule.ts': "the shape of the service's slugs.",
	'nodes/shared/service/normalize.ts':
		'the service\'s figures made predictable ("50000.00" and 50000).',
	'nodes/shared/service/states.ts': "readable labels for the service's numeric states.",
	'nodes/Pay/waiting/resumePaymentWait.ts':
		'a payment callback for a link the execution waits for: the callback is a signal, the service is the truth.',
	'nodes/Pay/waiting/readLink.ts':
		'the link read (`GET /pay_detail/`), again for a few seconds while the service lags behind its callback.',
	'nodes/PayMoneyReceivedTrigger/PayMoneyReceivedTrigger.node.ts': '`poll()` checks the list.',
	'nodes/PayMoneyReceivedTrigger/pollTransfers.ts':
		'one check of the transfer list: each transfer not seen before starts an execution of its own.',
	'nodes/PayMoneyReceivedTrigger/accountIdentity.ts':
		'which account the list is about: its mobile number or username, as the user gave it.',
	'nodes/shared/service/colombianMobile.ts': 'a Colombian mobile number, read by one rule.',
	'nodes/PayMoneyReceivedTrigger/seenTransfers.ts':
		"the transfers seen before, in the workflow's static data.",
	'nodes/PayMoneyReceivedTrigger/transferList.ts':
		"the account's transfer list, each entry with its direction.",
	'nodes/shared/transport/request/allPages.ts': 'every page of a list endpoint.',
};
