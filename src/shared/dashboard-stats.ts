/** The dashboard's counts (spec §3 "Dashboard stats"), as the admin API returns them. */
export interface DashboardStats {
  totalListings: number;
  products: number;
  properties: number;
  businesses: number;
  visas: number;
  blogs: number;
  totalInquiries: number;
  newInquiries: number;
  convertedInquiries: number;
}
