import type { UserProfileJson } from '../../../../domain/account.js';
import { builder } from '../../graphql/builder.js';
import { isViewer } from '../../graphql/viewer.js';
import { User } from '../../graphql/refs.js';

builder.objectFields(User, (t) => ({
  isStaff: t.boolean({
    nullable: true,
    description: 'Whether the member is staff (may write notices and handle inquiries), readable by that member only: null for anyone else.',
    resolve: async (user, _args, context) => {
      if (!isViewer(user, context)) return null;
      // The viewer's own answer carries the flag; the same member reached by `node(id)` asks for it once more.
      const own = 'is_staff' in user ? (user as UserProfileJson) : await context.accounts.me();
      return own?.is_staff ?? false;
    },
  }),
}));
