import { signUp } from '../bff/src/testing/auth-helpers';
import { postProject, waitForFinish } from '../bff/src/testing/staging-helpers';
const url = process.argv[2]!;
const { jar, cookie } = await signUp(url);
for (let i = 0; i < 5; i++) {
  const res = await postProject(url, jar);
  const { id } = (await res.json()) as { id: string };
  await waitForFinish(url, jar, id, 60_000);
}
console.log(cookie);
