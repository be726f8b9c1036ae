// match/imatch conditions of postgres_changes filters, decided by Postgres's own regex engine (as Supabase
// Realtime does, never by a JavaScript RegExp): a pattern is checked once at join, and each delivered batch
// asks all its questions in one statement.
import type { Queryable } from '../db/database.ts';
import type { RegexQuestion } from './filters.ts';

/** Postgres's complaint about a pattern (Realtime refuses such a subscription), or null when it compiles. */
export async function regexProblem(db: Queryable, pattern: string, insensitive: boolean): Promise<string | null> {
  try {
    await db.query(`SELECT '' ${insensitive ? '~*' : '~'} $1::text AS matched`, [pattern]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid regular expression';
  }
}

/** The keys of the questions whose text matches its pattern. */
export async function answerRegexQuestions(db: Queryable, questions: readonly RegexQuestion[]): Promise<Set<string>> {
  const unique = [...new Map(questions.map((question) => [question.key, question])).values()];
  const matched = new Set<string>();
  if (unique.length === 0) return matched;
  const asked = unique.map(({ text, pattern, insensitive }) => ({ t: text, p: pattern, i: insensitive }));
  const { rows } = await db.query<{ n: number }>(
    `SELECT q.n::int AS n
       FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS q(item, n)
      WHERE CASE WHEN (q.item ->> 'i')::boolean THEN (q.item ->> 't') ~* (q.item ->> 'p')
                 ELSE (q.item ->> 't') ~ (q.item ->> 'p') END`,
    [JSON.stringify(asked)],
  );
  for (const { n } of rows) {
    // WITH ORDINALITY counts from 1.
    const question = unique[n - 1];
    if (question) matched.add(question.key);
  }
  return matched;
}
