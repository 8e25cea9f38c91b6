import { Suspense } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useRouteData } from '../app/routing/navigation';
import { itemTexts } from '@domain/messages.js';
import type { ProbabilityDetailPageQuery } from '../__generated__/ProbabilityDetailPageQuery.graphql';
import { QueryErrorBoundary } from '../app/errors/ErrorBoundary';
import { PageHeader } from '../ui/PageHeader';
import { LoadingScreen } from '../ui/LoadingScreen';
import { StateScreen } from '../ui/StateScreen';
import type { ProbabilityDetailLoaderData } from './probabilityLoaders';

const texts = itemTexts.probability;

/** /probability/{kind}/{id}: one row of a table, with its picture, rarity, probability and description. */
export default function ProbabilityDetailPage() {
  const loaded = useRouteData() as ProbabilityDetailLoaderData | null;
  return (
    <>
      <PageHeader title={loaded ? texts.kinds[loaded.kind] : texts.title} back />
      {loaded ? (
        <QueryErrorBoundary queryRef={loaded.queryRef}>
          <Suspense fallback={<LoadingScreen />}>
            <ProbabilityDetail queryRef={loaded.queryRef} />
          </Suspense>
        </QueryErrorBoundary>
      ) : (
        <StateScreen title={texts.itemNotFound} />
      )}
    </>
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
