import { Link } from 'react-router-dom';
import { PROBABILITY_KINDS } from '@domain/limits.js';
import { itemTexts } from '@domain/messages.js';
import { PageHeader } from '../ui/PageHeader';

const texts = itemTexts.probability;

/** /probability: the five kinds of table (002 §2.1). */
export default function ProbabilityIndexPage() {
  return (
    <>
      <PageHeader title={texts.title} back />
      <ul className="probability__kinds">
        {PROBABILITY_KINDS.map((kind) => (
          <li key={kind}>
            <Link className="probability-kind" to={`/probability/${kind}`}>
              {texts.kinds[kind]}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
