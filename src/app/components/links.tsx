import type { ComponentPropsWithRef } from 'react';
import { Anchor, Button, NavLink, type AnchorProps, type ButtonProps, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';

/*
 * Mantine components that navigate with the router (typed `to`, `params`, `search`, preload on intent).
 * Use these instead of `component={Link}`, which loses the route types.
 */

type AnchorBase = AnchorProps & Omit<ComponentPropsWithRef<'a'>, keyof AnchorProps>;
function MantineAnchor(props: AnchorBase) {
  return <Anchor {...props} />;
}
const CreatedAnchorLink = createLink(MantineAnchor);
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink preload="intent" {...props} />;

type ButtonBase = ButtonProps & Omit<ComponentPropsWithRef<'a'>, keyof ButtonProps>;
function MantineButtonAnchor(props: ButtonBase) {
  return <Button component="a" {...props} />;
}
const CreatedButtonLink = createLink(MantineButtonAnchor);
export const ButtonLink: LinkComponent<typeof MantineButtonAnchor> = (props) => <CreatedButtonLink preload="intent" {...props} />;

type NavLinkBase = NavLinkProps & Omit<ComponentPropsWithRef<'a'>, keyof NavLinkProps>;
function MantineNavLinkAnchor(props: NavLinkBase) {
  return <NavLink component="a" {...props} />;
}
const CreatedNavLink = createLink(MantineNavLinkAnchor);
export const RouterNavLink: LinkComponent<typeof MantineNavLinkAnchor> = (props) => <CreatedNavLink preload="intent" {...props} />;
