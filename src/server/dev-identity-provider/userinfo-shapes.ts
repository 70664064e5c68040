// What the OAuth-only providers' user-info endpoints answer, in each one's documented shape,
// so the identity service reads the development provider exactly as it reads the real one.
import type { SocialVerifier } from '../../shared/api';
import type { DevUser } from './users';

type Shape = (user: DevUser) => Record<string, unknown>;

export const USERINFO_SHAPES: Partial<Record<SocialVerifier, Shape>> = {
  // GET https://discord.com/api/users/@me
  discord: (u) => ({
    id: u.numericId,
    username: u.handle,
    global_name: u.name,
    discriminator: '0',
    avatar: u.digest.slice(0, 32),
    verified: true,
    email: u.email,
  }),
  // GET https://api.github.com/user
  github: (u) => ({
    login: u.handle,
    id: Number(u.numericId.slice(-9)),
    avatar_url: u.picture,
    name: u.name,
    email: u.email,
    type: 'User',
  }),
  // GET https://api.twitter.com/2/users/me?user.fields=profile_image_url
  twitter: (u) => ({
    data: { id: u.numericId, name: u.name, username: u.handle, profile_image_url: u.picture },
  }),
  // GET https://oauth.reddit.com/api/v1/me
  reddit: (u) => ({
    id: BigInt(`0x${u.digest.slice(0, 10)}`).toString(36),
    name: u.handle,
    icon_img: u.picture,
  }),
  // GET https://graph.facebook.com/me?fields=id,name,email,picture
  facebook: (u) => ({
    id: u.numericId,
    name: u.name,
    email: u.email,
    picture: { data: { url: u.picture, width: 96, height: 96, is_silhouette: false } },
  }),
  // GET https://api.weixin.qq.com/sns/userinfo
  wechat: (u) => ({
    openid: `o${u.digest.slice(0, 27)}`,
    unionid: `u${u.digest.slice(27, 54)}`,
    nickname: u.name,
    headimgurl: u.picture,
  }),
};
