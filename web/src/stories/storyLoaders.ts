import type { RouteLoaderArgs } from '../app/routing/navigation';
import HighlightViewerPageQuery from '../__generated__/HighlightViewerPageQuery$parameters';
import type { HighlightViewerPageQuery as HighlightViewerPageQueryType } from '../__generated__/HighlightViewerPageQuery.graphql';
import HighlightsPageQuery from '../__generated__/HighlightsPageQuery$parameters';
import type { HighlightsPageQuery as HighlightsPageQueryType } from '../__generated__/HighlightsPageQuery.graphql';
import StoryViewerPageQuery from '../__generated__/StoryViewerPageQuery$parameters';
import type { StoryViewerPageQuery as StoryViewerPageQueryType } from '../__generated__/StoryViewerPageQuery.graphql';
import { loadRouteQuery } from '../app/relay/loadRouteQuery';
import { routeNodeId } from '../app/relay/routeIds';

/** The viewer's query starts while its code downloads (render-as-you-fetch). */
export function storyViewerLoader({ params }: RouteLoaderArgs) {
  return loadRouteQuery<StoryViewerPageQueryType>(StoryViewerPageQuery, { userId: routeNodeId(params.userId ?? '', 'User') });
}

export function highlightsLoader({ params }: RouteLoaderArgs) {
  return loadRouteQuery<HighlightsPageQueryType>(HighlightsPageQuery, { userId: routeNodeId(params.userId ?? '', 'User') });
}

export function highlightViewerLoader({ params }: RouteLoaderArgs) {
  return loadRouteQuery<HighlightViewerPageQueryType>(HighlightViewerPageQuery, {
    userId: routeNodeId(params.userId ?? '', 'User'),
    highlightId: params.highlightId ?? '',
  });
}
