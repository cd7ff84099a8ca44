import {
  IconAddressBook,
  IconAntennaBars5,
  IconBooks,
  IconLayoutDashboard,
  IconMessages,
  IconPhoneCall,
  IconRobot,
  IconSettings,
  IconSpeakerphone,
  IconTool,
  type Icon,
} from '@tabler/icons-react';
import { m } from '@/i18n';
import { paths } from './paths';

/** The navbar, in order. (Icons live here, not in paths.ts, so the sign-in page does not load them.) */
export interface NavItem {
  to: (typeof paths)[Exclude<keyof typeof paths, 'home' | 'signIn'>];
  /** A message function: call it at render time, so it speaks the reader's language. */
  label: () => string;
  icon: Icon;
}

export const navItems: readonly NavItem[] = [
  { to: paths.overview, label: m.shell_nav_overview, icon: IconLayoutDashboard },
  { to: paths.assistants, label: m.shell_nav_assistants, icon: IconRobot },
  { to: paths.calls, label: m.shell_nav_calls, icon: IconPhoneCall },
  { to: paths.conversations, label: m.conversations_nav, icon: IconMessages },
  { to: paths.leads, label: m.shell_nav_leads, icon: IconAddressBook },
  { to: paths.campaigns, label: m.shell_nav_campaigns, icon: IconSpeakerphone },
  { to: paths.tools, label: m.shell_nav_tools, icon: IconTool },
  { to: paths.knowledge, label: m.knowledge_nav, icon: IconBooks },
  { to: paths.numbers, label: m.shell_nav_numbers, icon: IconAntennaBars5 },
  { to: paths.settings, label: m.shell_nav_settings, icon: IconSettings },
];
