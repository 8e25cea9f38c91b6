import { graphql, useFragment } from 'react-relay';
import { WISH_STATUSES, WISH_TYPES } from '@domain/limits.js';
import { itemTexts } from '@domain/messages.js';
import type { WishStats_user$key } from '../__generated__/WishStats_user.graphql';

/**
 * The counts of both wish lists, all and by status (`viewer.wishStats`). Every wish mutation's payload spreads
 * this fragment on its `viewer`, so adding, editing, changing a status or deleting keeps the counts right.
 */
export function WishStats({ user }: { user: WishStats_user$key }) {
  const { wishStats } = useFragment(
    graphql`
      fragment WishStats_user on User {
        wishStats {
          buy {
            total
            active
            inactive
            completed
          }
          sell {
            total
            active
            inactive
            completed
          }
        }
      }
    `,
    user,
  );
  if (!wishStats) return null;
  const t = itemTexts.wishStats;
  return (
    <section className="wish-stats" aria-labelledby="wish-stats-title">
      <h2 id="wish-stats-title" className="wish-stats__title">
        {t.title}
      </h2>
      <table className="wish-stats__table" data-testid="wish-stats">
        <thead>
          <tr>
            <th scope="col">{t.list}</th>
            <th scope="col">{t.total}</th>
            {WISH_STATUSES.map((status) => (
              <th key={status} scope="col">
                {itemTexts.statuses[status]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {WISH_TYPES.map((type) => (
            <tr key={type} data-testid={`wish-stats-${type}`}>
              <th scope="row">{itemTexts.wishListNames[type]}</th>
              <td data-stat="total">{wishStats[type].total}</td>
              {WISH_STATUSES.map((status) => (
                <td key={status} data-stat={status}>
                  {wishStats[type][status]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
