// Kept apart from limits.ts so only the login sheet's chunk (and the gateway's CSP) carries these URLs.
/**
 * The social providers' browser SDKs (002 §1): the script the web app loads for each, and the origins the SDK
 * opens frames or pop-ups on and calls. The web app's Content-Security-Policy allows exactly these, nothing else.
 */
export const SOCIAL_SDKS = {
  google: {
    script: 'https://accounts.google.com/gsi/client',
    styles: ['https://accounts.google.com/gsi/style'],
    frames: ['https://accounts.google.com'],
    connects: ['https://accounts.google.com', 'https://oauth2.googleapis.com'],
  },
  kakao: {
    script: 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js',
    styles: [],
    frames: ['https://kauth.kakao.com'],
    connects: ['https://kauth.kakao.com', 'https://kapi.kakao.com'],
  },
  apple: {
    script: 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/ko_KR/appleid.auth.js',
    styles: [],
    frames: ['https://appleid.apple.com'],
    connects: ['https://appleid.apple.com'],
  },
} as const;
