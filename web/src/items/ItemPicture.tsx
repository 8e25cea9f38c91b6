import type { CSSProperties } from 'react';
import { graphql, useFragment } from 'react-relay';
import { AVATAR_LAYER_TYPES } from '@domain/limits.js';
import type { ItemPicture_item$key } from '../__generated__/ItemPicture_item.graphql';

const layerTypes: readonly string[] = AVATAR_LAYER_TYPES;

/**
 * The picture of the item-info modal (000 §2): equipment on the layered avatar preview (12 layers, bottom
 * to top), an avatar part on a grey avatar background, anything else as a plain image. A sprite sheet
 * shows its first frame.
 */
export function ItemPicture({ item }: { item: ItemPicture_item$key }) {
  const data = useFragment(
    graphql`
      fragment ItemPicture_item on Item {
        name
        image
        type
        isShowEyes
        sprite {
          url
          width
          height
          frame
        }
      }
    `,
    item,
  );
  const kind = data.type.toLowerCase();
  const picture = <Picture image={data.image} sprite={data.sprite} />;

  if (kind === 'equipment') {
    return (
      <div className="item-picture item-picture--equipment" data-testid="item-picture" data-kind="equipment">
        {AVATAR_LAYER_TYPES.map((layer, index) => (
          <span key={layer} className={`avatar-layer avatar-layer--${layer}`} style={{ zIndex: index + 1 }} data-layer={layer}>
            {layer === 'body' ? <span className="avatar-base" /> : null}
            {layer === 'face' && data.isShowEyes ? <span className="avatar-eyes" /> : null}
          </span>
        ))}
        <span className="avatar-layer avatar-layer--outfit" style={{ zIndex: AVATAR_LAYER_TYPES.length + 1 }}>
          {picture}
        </span>
      </div>
    );
  }
  if (layerTypes.includes(kind)) {
    return (
      <div className="item-picture item-picture--part" data-testid="item-picture" data-kind="part">
        <span className="avatar-base avatar-base--grey" />
        {data.isShowEyes ? <span className="avatar-eyes" /> : null}
        <span className={`avatar-layer avatar-layer--${kind}`}>{picture}</span>
      </div>
    );
  }
  return (
    <div className="item-picture" data-testid="item-picture" data-kind="plain">
      {picture}
    </div>
  );
}

interface PictureProps {
  image: string | null | undefined;
  sprite: { readonly url: string; readonly width: number; readonly height: number; readonly frame: number } | null | undefined;
}

function Picture({ image, sprite }: PictureProps) {
  if (sprite && sprite.frame > 1) {
    const style: CSSProperties = {
      width: sprite.width,
      height: sprite.height,
      backgroundImage: `url("${sprite.url}")`,
      backgroundSize: `${sprite.width * sprite.frame}px ${sprite.height}px`,
      backgroundPosition: '0 0',
    };
    return <span className="item-sprite" role="img" style={style} />;
  }
  if (!image) return <span className="item-picture__placeholder" aria-hidden="true" />;
  return <img className="item-picture__image" src={image} alt="" />;
}
