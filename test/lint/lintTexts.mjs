// Lints each text of the JSON list on stdin ({ text, fileName }) through the eslint config named
// by the first argument, as if it were the file named, and prints each one's messages in order: one process and
// one load of the config for many texts.
import { ESLint } from 'eslint';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: process.argv[2] });
const messages = [];
for (const { text, fileName } of JSON.parse(input)) {
	const [result] = await eslint.lintText(text, { filePath: fileName });
	messages.push(result.messages);
}
process.stdout.write(JSON.stringify(messages));
