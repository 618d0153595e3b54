import { portProblem } from './ports.ts';

// `npm run bench` runs this first, before the build: with a port it needs held, it stops within
// a second with the one line `npm start` gives, instead of failing minutes later.

const problem = await portProblem();
if (problem !== null) {
  console.error(problem);
  process.exitCode = 1;
}
