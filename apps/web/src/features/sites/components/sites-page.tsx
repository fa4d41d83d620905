import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';

/**
 * Sites, titled Site Library: the default page. The site grid, map panel and bulk actions arrive
 * with the sites issue; until then the page says plainly that the library is empty.
 */
export default function SitesPage() {
  return (
    <>
      <PageHeader title="Site Library" subtitle="All the locations your organisation keeps crime-risk reports and scores for." />
      <EmptyState icon={<PlaceOutlinedIcon />} title="Your site library is empty">
        Sites are the locations, such as offices, stores or warehouses, that RiskAtlas scores for crime risk. Once sites are
        added to your account they are listed here with their addresses, latest scores and report dates.
      </EmptyState>
    </>
  );
}
