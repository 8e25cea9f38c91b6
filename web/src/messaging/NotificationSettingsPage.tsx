import { useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '@domain/limits.js';
import { errorMessages, messagingTexts as m } from '@domain/messages.js';
import type { NotificationSettingsPageMutation, NotificationType } from '../__generated__/NotificationSettingsPageMutation.graphql';
import type { NotificationSettingsPageQuery } from '../__generated__/NotificationSettingsPageQuery.graphql';
import { PageHeader } from '../ui/PageHeader';
import { useToast } from '../ui/toast/ToastProvider';
import { useTypedMutation } from '../app/relay/useTypedMutation';
import { RouteScreen } from '../app/RouteScreen';
import { LoginRequiredScreen } from '../accounts/LoginRequiredScreen';

type Channel = (typeof NOTIFICATION_CHANNELS)[number];
interface ChannelState {
  enabled: boolean;
  types: NotificationType[];
}

/** /my/notifications: channels (e-mail, push, in-app) with their types, and quiet hours. */
export default function NotificationSettingsPage() {
  return (
    <RouteScreen<NotificationSettingsPageQuery> header={<PageHeader title={m.settingsTitle} back />}>
      {(queryRef) => <SettingsForm queryRef={queryRef} />}
    </RouteScreen>
  );
}

function SettingsForm({ queryRef }: { queryRef: PreloadedQuery<NotificationSettingsPageQuery> }) {
  const { viewer } = usePreloadedQuery<NotificationSettingsPageQuery>(
    graphql`
      query NotificationSettingsPageQuery @preloadable {
        viewer {
          id
          notificationSettings {
            email { enabled types }
            push { enabled types }
            inApp { enabled types }
            quietHours { enabled startTime endTime }
          }
        }
      }
    `,
    queryRef,
  );
  if (!viewer?.notificationSettings) return <LoginRequiredScreen />;
  // Keyed by the member: a guest who logs in here gets their own settings chosen, not the defaults.
  return <ChannelsForm key={viewer.id} settings={viewer.notificationSettings} />;
}

function ChannelsForm({ settings }: { settings: NonNullable<NonNullable<NotificationSettingsPageQuery['response']['viewer']>['notificationSettings']> }) {
  const toast = useToast();
  const [channels, setChannels] = useState<Record<Channel, ChannelState>>(() => ({
    email: { enabled: settings.email.enabled ?? false, types: [...(settings.email.types ?? [])] },
    push: { enabled: settings.push.enabled ?? true, types: [...(settings.push.types ?? [])] },
    inApp: { enabled: settings.inApp.enabled ?? true, types: [...(settings.inApp.types ?? [])] },
  }));
  const [quiet, setQuiet] = useState({
    enabled: settings.quietHours.enabled ?? false,
    startTime: settings.quietHours.startTime ?? '22:00',
    endTime: settings.quietHours.endTime ?? '08:00',
  });
  const [commit, inFlight] = useTypedMutation<NotificationSettingsPageMutation>(
    graphql`
      mutation NotificationSettingsPageMutation($input: UpdateNotificationSettingsInput!) {
        updateNotificationSettings(input: $input) {
          __typename
          ... on UpdateNotificationSettingsPayload {
            settings {
              email { enabled types }
              push { enabled types }
              inApp { enabled types }
              quietHours { enabled startTime endTime }
            }
          }
          ...useTypedMutation_failure @alias(as: "failure")
        }
      }
    `,
    { payload: 'UpdateNotificationSettingsPayload', failureText: errorMessages.UNKNOWN },
  );

  const toggleType = (channel: Channel, type: NotificationType) =>
    setChannels((current) => {
      const types = current[channel].types.includes(type) ? current[channel].types.filter((value) => value !== type) : [...current[channel].types, type];
      return { ...current, [channel]: { ...current[channel], types } };
    });
  const save = (event: FormEvent) => {
    event.preventDefault();
    commit({ variables: { input: { ...channels, quietHours: quiet } } }).then(
      () => toast.show(m.saved, 'success'),
      (failure: Error) => toast.show(failure.message, 'error'),
    );
  };
  return (
    <form className="notification-settings" onSubmit={save}>
      {NOTIFICATION_CHANNELS.map((channel) => (
        <fieldset key={channel}>
          <legend>
            <label>
              <input
                type="checkbox"
                checked={channels[channel].enabled}
                onChange={(event) => setChannels((current) => ({ ...current, [channel]: { ...current[channel], enabled: event.target.checked } }))}
              />
              {m.channelLabels[channel]}
            </label>
          </legend>
          {NOTIFICATION_TYPES.map((type) => {
            const value = type.toUpperCase() as NotificationType;
            return (
              <label key={type} className="notification-settings__type">
                <input
                  type="checkbox"
                  checked={channels[channel].types.includes(value)}
                  disabled={!channels[channel].enabled}
                  onChange={() => toggleType(channel, value)}
                />
                {m.typeLabels[type]}
              </label>
            );
          })}
        </fieldset>
      ))}
      <fieldset>
        <legend>
          <label>
            <input type="checkbox" checked={quiet.enabled} onChange={(event) => setQuiet({ ...quiet, enabled: event.target.checked })} />
            {m.quietHours}
          </label>
        </legend>
        <label className="notification-settings__time">
          {m.quietHoursFrom}
          <input type="time" value={quiet.startTime} onChange={(event) => setQuiet({ ...quiet, startTime: event.target.value })} />
        </label>
        <label className="notification-settings__time">
          {m.quietHoursUntil}
          <input type="time" value={quiet.endTime} onChange={(event) => setQuiet({ ...quiet, endTime: event.target.value })} />
        </label>
      </fieldset>
      <button type="submit" className="button button--primary" disabled={inFlight}>
        {m.save}
      </button>
    </form>
  );
}
