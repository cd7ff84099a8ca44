import {
  IconAddressBook,
  IconAntennaBars5,
  IconLayoutDashboard,
  IconPhoneCall,
  IconRobot,
  IconSettings,
  IconSpeakerphone,
  IconTool,
  type Icon,
} from '@tabler/icons-react';
import { paths } from './paths';

/** The navbar, in order. (Icons live here, not in paths.ts, so the sign-in page does not load them.) */
export interface NavItem {
  to: (typeof paths)[Exclude<keyof typeof paths, 'home' | 'signIn'>];
  label: string;
  icon: Icon;
}

export const navItems: readonly NavItem[] = [
  { to: paths.overview, label: 'Overview', icon: IconLayoutDashboard },
  { to: paths.assistants, label: 'Assistants', icon: IconRobot },
  { to: paths.calls, label: 'Calls', icon: IconPhoneCall },
  { to: paths.leads, label: 'Leads', icon: IconAddressBook },
  { to: paths.campaigns, label: 'Campaigns', icon: IconSpeakerphone },
  { to: paths.tools, label: 'Tools', icon: IconTool },
  { to: paths.numbers, label: 'Numbers & voices', icon: IconAntennaBars5 },
  { to: paths.settings, label: 'Settings', icon: IconSettings },
];
