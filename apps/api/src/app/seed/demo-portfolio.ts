/**
 * The demo account's store portfolio (DEMO=1): real shopping streets and centres in the five
 * countries the product covers, placed by their coordinates (to about 100 m) so the library, the
 * map and the reports show real places without an external geocoder. The street addresses are the
 * public addresses of those places; the store names and external ids are invented.
 */
export interface DemoSite {
  siteName: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  /** ISO-3. */
  countryCode: 'USA' | 'CAN' | 'MEX' | 'PRI' | 'GBR';
  latitude: number;
  longitude: number;
  /** Joined with ';' as the site dialog sends them. */
  tags: string;
  externalID: string;
  notes?: string;
  /** The report the demo orders for it: Basic, Premium Plus (every methodology), or none yet. */
  report: 'basic' | 'premiumPlus' | 'none';
}

export const DEMO_PORTFOLIO: readonly DemoSite[] = [
  { siteName: 'Chicago – State Street', street: '108 N State St', city: 'Chicago', state: 'IL', zipCode: '60602', countryCode: 'USA', latitude: 41.8835, longitude: -87.6278, tags: 'Flagship;Urban;Midwest', externalID: 'DR-0001', notes: 'Flagship store; loading dock on Wabash Ave.', report: 'premiumPlus' },
  { siteName: 'Chicago – Wicker Park', street: '1551 N Milwaukee Ave', city: 'Chicago', state: 'IL', zipCode: '60622', countryCode: 'USA', latitude: 41.9097, longitude: -87.6776, tags: 'Urban;Midwest', externalID: 'DR-0002', report: 'basic' },
  { siteName: 'New York – Herald Square', street: '151 W 34th St', city: 'New York', state: 'NY', zipCode: '10001', countryCode: 'USA', latitude: 40.7508, longitude: -73.989, tags: 'Flagship;Urban;Northeast', externalID: 'DR-0003', notes: 'Open until midnight from Thanksgiving to New Year.', report: 'premiumPlus' },
  { siteName: 'Brooklyn – Atlantic Terminal', street: '139 Flatbush Ave', city: 'Brooklyn', state: 'NY', zipCode: '11217', countryCode: 'USA', latitude: 40.6843, longitude: -73.9772, tags: 'Urban;Northeast;Transit', externalID: 'DR-0004', report: 'basic' },
  { siteName: 'Boston – Downtown Crossing', street: '426 Washington St', city: 'Boston', state: 'MA', zipCode: '02108', countryCode: 'USA', latitude: 42.3557, longitude: -71.0603, tags: 'Urban;Northeast', externalID: 'DR-0005', report: 'basic' },
  { siteName: 'Washington – Columbia Heights', street: '3100 14th St NW', city: 'Washington', state: 'DC', zipCode: '20010', countryCode: 'USA', latitude: 38.9297, longitude: -77.0327, tags: 'Urban;Mid-Atlantic', externalID: 'DR-0006', report: 'basic' },
  { siteName: 'Atlanta – Midtown', street: '1065 Peachtree St NE', city: 'Atlanta', state: 'GA', zipCode: '30309', countryCode: 'USA', latitude: 33.7838, longitude: -84.3833, tags: 'Urban;South', externalID: 'DR-0007', report: 'basic' },
  { siteName: 'Miami – Brickell', street: '701 S Miami Ave', city: 'Miami', state: 'FL', zipCode: '33131', countryCode: 'USA', latitude: 25.7668, longitude: -80.193, tags: 'Urban;South', externalID: 'DR-0008', report: 'basic' },
  { siteName: 'Houston – Galleria', street: '5085 Westheimer Rd', city: 'Houston', state: 'TX', zipCode: '77056', countryCode: 'USA', latitude: 29.7392, longitude: -95.4637, tags: 'Mall;South', externalID: 'DR-0009', report: 'basic' },
  { siteName: 'Dallas – NorthPark', street: '8687 N Central Expy', city: 'Dallas', state: 'TX', zipCode: '75225', countryCode: 'USA', latitude: 32.8686, longitude: -96.7731, tags: 'Mall;South', externalID: 'DR-0010', report: 'basic' },
  { siteName: 'Dodge City – Central Ave', street: '2601 Central Ave', city: 'Dodge City', state: 'KS', zipCode: '67801', countryCode: 'USA', latitude: 37.7797, longitude: -100.0177, tags: 'Rural;Midwest', externalID: 'DR-0011', report: 'basic' },
  { siteName: 'Minneapolis – Nicollet Mall', street: '900 Nicollet Mall', city: 'Minneapolis', state: 'MN', zipCode: '55402', countryCode: 'USA', latitude: 44.9757, longitude: -93.2726, tags: 'Urban;Midwest', externalID: 'DR-0012', report: 'basic' },
  { siteName: 'Denver – 16th Street', street: '1600 California St', city: 'Denver', state: 'CO', zipCode: '80202', countryCode: 'USA', latitude: 39.7459, longitude: -104.9911, tags: 'Urban;West', externalID: 'DR-0013', report: 'basic' },
  { siteName: 'Phoenix – Camelback', street: '2502 E Camelback Rd', city: 'Phoenix', state: 'AZ', zipCode: '85016', countryCode: 'USA', latitude: 33.5093, longitude: -112.029, tags: 'Mall;West', externalID: 'DR-0014', report: 'basic' },
  { siteName: 'Los Angeles – Hollywood', street: '6801 Hollywood Blvd', city: 'Los Angeles', state: 'CA', zipCode: '90028', countryCode: 'USA', latitude: 34.1017, longitude: -118.3397, tags: 'Urban;West;Tourist', externalID: 'DR-0015', report: 'basic' },
  { siteName: 'San Francisco – Union Square', street: "170 O'Farrell St", city: 'San Francisco', state: 'CA', zipCode: '94102', countryCode: 'USA', latitude: 37.7866, longitude: -122.4075, tags: 'Flagship;Urban;West', externalID: 'DR-0016', report: 'premiumPlus' },
  { siteName: 'Seattle – Pine Street', street: '400 Pine St', city: 'Seattle', state: 'WA', zipCode: '98101', countryCode: 'USA', latitude: 47.6118, longitude: -122.3375, tags: 'Urban;West', externalID: 'DR-0017', report: 'basic' },
  { siteName: 'Detroit – Midtown', street: '4100 Woodward Ave', city: 'Detroit', state: 'MI', zipCode: '48201', countryCode: 'USA', latitude: 42.3505, longitude: -83.059, tags: 'Urban;Midwest', externalID: 'DR-0018', notes: 'Opening spring; fit-out under way.', report: 'none' },
  { siteName: 'Toronto – Eaton Centre', street: '220 Yonge St', city: 'Toronto', state: 'ON', zipCode: 'M5B 2H1', countryCode: 'CAN', latitude: 43.6544, longitude: -79.3807, tags: 'Mall;Canada', externalID: 'DR-0101', report: 'basic' },
  { siteName: 'Montréal – Sainte-Catherine', street: '977 Rue Sainte-Catherine O', city: 'Montréal', state: 'QC', zipCode: 'H3B 4W3', countryCode: 'CAN', latitude: 45.503, longitude: -73.5698, tags: 'Urban;Canada', externalID: 'DR-0102', report: 'basic' },
  { siteName: 'Vancouver – Pacific Centre', street: '701 W Georgia St', city: 'Vancouver', state: 'BC', zipCode: 'V7Y 1G5', countryCode: 'CAN', latitude: 49.2829, longitude: -123.1181, tags: 'Mall;Canada', externalID: 'DR-0103', report: 'basic' },
  { siteName: 'Calgary – Stephen Avenue', street: '317 7 Ave SW', city: 'Calgary', state: 'AB', zipCode: 'T2P 2Y9', countryCode: 'CAN', latitude: 51.0466, longitude: -114.0702, tags: 'Urban;Canada', externalID: 'DR-0104', report: 'none' },
  { siteName: 'Ciudad de México – Reforma', street: 'Paseo de la Reforma 222', city: 'Ciudad de México', state: 'CDMX', zipCode: '06600', countryCode: 'MEX', latitude: 19.4284, longitude: -99.1622, tags: 'Flagship;Mexico', externalID: 'DR-0201', report: 'basic' },
  { siteName: 'Guadalajara – Centro', street: 'Av. Juárez 200', city: 'Guadalajara', state: 'JAL', zipCode: '44100', countryCode: 'MEX', latitude: 20.6748, longitude: -103.3487, tags: 'Urban;Mexico', externalID: 'DR-0202', report: 'basic' },
  { siteName: 'Monterrey – Macroplaza', street: 'Av. Constitución 400', city: 'Monterrey', state: 'NL', zipCode: '64000', countryCode: 'MEX', latitude: 25.6697, longitude: -100.3096, tags: 'Urban;Mexico', externalID: 'DR-0203', report: 'none' },
  { siteName: 'San Juan – Plaza Las Américas', street: '525 Av. Franklin Delano Roosevelt', city: 'San Juan', state: 'PR', zipCode: '00918', countryCode: 'PRI', latitude: 18.422, longitude: -66.0737, tags: 'Mall;Caribbean', externalID: 'DR-0301', report: 'basic' },
  { siteName: 'Ponce – Plaza Las Delicias', street: 'Calle Marina 1', city: 'Ponce', state: 'PR', zipCode: '00730', countryCode: 'PRI', latitude: 18.0111, longitude: -66.6141, tags: 'Urban;Caribbean', externalID: 'DR-0302', report: 'basic' },
  { siteName: 'London – Oxford Street', street: '334 Oxford St', city: 'London', state: 'England', zipCode: 'W1C 1JG', countryCode: 'GBR', latitude: 51.515, longitude: -0.147, tags: 'Flagship;Urban;UK', externalID: 'DR-0401', notes: 'Shared service yard with the neighbouring store.', report: 'premiumPlus' },
  { siteName: 'London – Cheapside', street: '120 Cheapside', city: 'London', state: 'England', zipCode: 'EC2V 6DR', countryCode: 'GBR', latitude: 51.5141, longitude: -0.0946, tags: 'Urban;UK', externalID: 'DR-0402', report: 'basic' },
  { siteName: 'Manchester – Market Street', street: '47 Market St', city: 'Manchester', state: 'England', zipCode: 'M1 1WR', countryCode: 'GBR', latitude: 53.483, longitude: -2.241, tags: 'Urban;UK', externalID: 'DR-0403', report: 'basic' },
  { siteName: 'Birmingham – Bullring', street: 'Bullring', city: 'Birmingham', state: 'England', zipCode: 'B5 4BU', countryCode: 'GBR', latitude: 52.4777, longitude: -1.8939, tags: 'Mall;UK', externalID: 'DR-0404', report: 'basic' },
  { siteName: 'Chelmsford – High Street', street: '1 High St', city: 'Chelmsford', state: 'England', zipCode: 'CM1 1BE', countryCode: 'GBR', latitude: 51.7336, longitude: 0.4735, tags: 'Urban;UK', externalID: 'DR-0405', report: 'basic' },
  { siteName: 'Cardiff – Queen Street', street: '60 Queen St', city: 'Cardiff', state: 'Wales', zipCode: 'CF10 2GP', countryCode: 'GBR', latitude: 51.4823, longitude: -3.1746, tags: 'Urban;UK', externalID: 'DR-0406', report: 'none' },
];

/** Comments the demo administrator left on flagship stores (site name → comments, oldest first). */
export const DEMO_COMMENTS: Readonly<Record<string, readonly string[]>> = {
  'Chicago – State Street': ['Guard hours extended to 10 pm after the December incidents.', 'New CCTV at the Wabash entrance, installed and tested.'],
  'London – Oxford Street': ['Met liaison meeting booked for the first week of the month.'],
};
