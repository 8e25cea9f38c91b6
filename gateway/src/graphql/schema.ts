// The schema is the sum of the area modules: each registers its types and the root fields beside them.
import './scalars.js';
import './error-types.js';
import './enums.js';
import './roots.js';
import '../modules/community/category.js';
import '../modules/community/image.js';
import '../modules/community/upload.js';
import '../modules/community/post.js';
import '../modules/community/post-mutations.js';
import '../modules/community/bookmark.js';
import '../modules/community/reply.js';
import '../modules/community/post-changed.js';
import '../modules/accounts/user.js';
import '../modules/accounts/account.js';
import '../modules/items/item.js';
import '../modules/items/wish.js';
import '../modules/items/probability.js';
import '../modules/messaging/notification.js';
import '../modules/messaging/notice.js';
import '../modules/messaging/inquiry.js';
import '../modules/messaging/staff.js';
import '../modules/stories/story.js';
import { builder } from './builder.js';

export const schema = builder.toSchema({ sortSchema: true });
