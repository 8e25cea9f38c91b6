import type { ItemJson, ProbabilityItemJson, WishJson, WishUserJson } from '../../../domain/items.js';
import type { ItemGrade, ItemType, ProbabilityRarity, WishStatus, WishType } from '../../../domain/limits.js';
import type { ItemRow, ProbabilityItemRow, WishRow } from '../db/schema.js';
import { serializeUser, type MediaUrl } from '../serializers.js';
import type { UserWithBadge } from '../accounts/user-repository.js';

export function serializeItem(item: ItemRow, media: MediaUrl): ItemJson {
  const sprite =
    item.spriteImage && item.spriteWidth && item.spriteHeight
      ? { url: media(item.spriteImage)!, width: item.spriteWidth, height: item.spriteHeight, frame: item.spriteFrame ?? 1 }
      : null;
  return {
    id: item.id,
    uuid: item.uuid,
    name: item.name,
    image: media(item.image),
    sprite_img: sprite,
    item_type: item.itemType as ItemType,
    item_rating: item.itemRating as ItemGrade | null,
    description: item.description,
    rating_score: item.ratingScore,
    price: item.price,
    is_show_eyes: item.isShowEyes,
  };
}

export function serializeWish(wish: WishRow, item: ItemRow, owner: UserWithBadge | undefined, media: MediaUrl, viewerId: number | null): WishJson {
  return {
    id: String(wish.id),
    uuid: wish.uuid,
    item: serializeItem(item, media),
    user: owner ? serializeUser(owner, media, viewerId) : null,
    wish_type: wish.wishType as WishType,
    status: wish.status as WishStatus,
    target_price: wish.targetPrice,
    memo: wish.memo,
    priority: wish.priority,
    quantity: wish.quantity,
    is_notification_enabled: wish.isNotificationEnabled,
    notification_price: wish.notificationPrice,
    created_at: wish.createdAt.toISOString(),
    updated_at: wish.updatedAt.toISOString(),
    completed_at: wish.completedAt ? wish.completedAt.toISOString() : null,
  };
}

export function serializeWishUser(wish: WishRow, user: UserWithBadge, media: MediaUrl, viewerId: number | null): WishUserJson {
  return {
    id: String(wish.id),
    user: serializeUser(user, media, viewerId),
    target_price: wish.targetPrice,
    quantity: wish.quantity,
    created_at: wish.createdAt.toISOString(),
  };
}

export function serializeProbabilityItem(row: ProbabilityItemRow, media: MediaUrl): ProbabilityItemJson {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    image: media(row.image),
    rarity: row.rarity as ProbabilityRarity,
    probability: Number(row.probability),
  };
}
