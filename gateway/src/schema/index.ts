// The schema is the sum of these modules: each registers its type and the root fields beside it.
import './scalars.js';
import './errors.js';
import './enums.js';
import './image.js';
import './user.js';
import './account.js';
import './category.js';
import './post.js';
import './item.js';
import './wish.js';
import './probability.js';
import './mutation.js';
import './reply.js';
import './post-mutations.js';
import './upload.js';
import './story.js';
import './subscription.js';
import './notice.js';
import './notification.js';
import './inquiry.js';
import './staff.js';
import { builder } from '../builder.js';

export const schema = builder.toSchema({ sortSchema: true });
