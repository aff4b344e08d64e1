// Route paths of the account screens and the signed-in areas (section 2), with their trailing
// slashes as the specification writes them. The public dashboard's paths are in filters/paths.ts.

export const accountPaths = {
  login: '/auth/login/',
  signUp: '/auth/sign-up/',
  verifyOtp: '/auth/verify-otp/',
  forgotPassword: '/auth/forgot-password/',
  resetPassword: '/auth/reset-password/',
  addPassword: '/auth/add-password/',
  profile: '/profile/',
  admin: '/admin/',
  manageUsersGroups: '/admin/manage-users-groups/',
  organisation: '/organisation/',
  buildingBlock: '/buildingBlock/',
} as const
