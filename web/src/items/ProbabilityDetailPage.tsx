import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { itemTexts } from '@domain/messages.js';
import type { ProbabilityDetailPageQuery } from '../__generated__/ProbabilityDetailPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { StateScreen } from '../ui/StateScreen';
import { RouteScreen } from '../app/RouteScreen';
import type { ProbabilityKind } from '@domain/limits.js';
import { useRouteQuery } from '../app/routing/navigation';

const texts = itemTexts.probability;

/** /probability/{kind}/{id}: one row of a table, with its picture, rarity, probability and description. */
export default function ProbabilityDetailPage() {
  const kind = useRouteQuery<ProbabilityDetailPageQuery>()?.variables.kind.toLowerCase() as ProbabilityKind | undefined;
  return (
    <RouteScreen<ProbabilityDetailPageQuery>
      header={<PageHeader title={kind ? texts.kinds[kind] : texts.title} back />}
      withoutQuery={<StateScreen title={texts.itemNotFound} />}
    >
      {(queryRef) => <ProbabilityDetail queryRef={queryRef} />}
    </RouteScreen>
  );
}

function ProbabilityDetail({ queryRef }: { queryRef: PreloadedQuery<ProbabilityDetailPageQuery> }) {
  const { probabilityItem } = usePreloadedQuery<ProbabilityDetailPageQuery>(
    graphql`
      query ProbabilityDetailPageQuery($kind: ProbabilityKind!, $databaseId: Int!) @preloadable {
        probabilityItem(kind: $kind, databaseId: $databaseId) {
          __typename
          ... on ProbabilityItem {
            name
            description
            image
            rarity
            probability
          }
        }
      }
    `,
    queryRef,
  );
  if (probabilityItem?.__typename !== 'ProbabilityItem') return <StateScreen title={texts.itemNotFound} />;
  const rarity = probabilityItem.rarity.toLowerCase() as keyof typeof texts.rarities;
  return (
    <article className={`probability-detail probability-card--${rarity}`}>
      {probabilityItem.image ? (
        <img className="probability-detail__image" src={probabilityItem.image} alt="" />
      ) : (
        <span className="probability-detail__image probability-card__image--placeholder" aria-hidden="true" />
      )}
      <h2 className="probability-detail__name">{probabilityItem.name}</h2>
      <dl className="item-info__rows">
        <div className="item-info__row">
          <dt>{texts.rarity}</dt>
          <dd>{texts.rarities[rarity]}</dd>
        </div>
        <div className="item-info__row">
          <dt>{texts.probability}</dt>
          <dd data-testid="probability-value">{texts.percent(probabilityItem.probability)}</dd>
        </div>
        {probabilityItem.description ? (
          <div className="item-info__row">
            <dt>{texts.description}</dt>
            <dd>{probabilityItem.description}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
