// The collective's week as seeded: each driver's windows, by day (0 = the day the site was
// seeded), and the seats already booked on them. Data only.
import type { Vehicle } from './catalogue.ts';

export const WINDOWS: ReadonlyArray<{
  readonly id: string;
  readonly day: number;
  readonly start: string;
  readonly end: string;
  readonly driver: string;
  readonly vehicle: Vehicle;
  readonly area: string;
  readonly booked: number;
}> = [
  { id: 'RW-01', day: 0, start: '09:00', end: '12:00', driver: 'Marguerite', vehicle: 'car', area: 'Riverside and Old Town', booked: 1 },
  { id: 'RW-02', day: 0, start: '13:00', end: '17:00', driver: 'Dev', vehicle: 'people_carrier', area: 'Northgate and Carr Street', booked: 2 },
  { id: 'RW-03', day: 0, start: '17:30', end: '21:00', driver: 'Ines', vehicle: 'wheelchair_van', area: 'All wards', booked: 0 },
  { id: 'RW-04', day: 1, start: '08:30', end: '11:30', driver: 'Kofi', vehicle: 'car', area: 'Quarry Hill and Alder Lane', booked: 3 },
  { id: 'RW-05', day: 1, start: '12:00', end: '16:00', driver: 'Marguerite', vehicle: 'car', area: 'Riverside and Old Town', booked: 0 },
  { id: 'RW-06', day: 1, start: '18:00', end: '21:00', driver: 'Dev', vehicle: 'people_carrier', area: 'Northgate and Carr Street', booked: 1 },
  { id: 'RW-07', day: 2, start: '09:00', end: '13:00', driver: 'Ines', vehicle: 'wheelchair_van', area: 'All wards', booked: 2 },
  { id: 'RW-08', day: 2, start: '14:00', end: '18:00', driver: 'Tomasz', vehicle: 'car', area: 'Eastside', booked: 0 },
  { id: 'RW-09', day: 3, start: '09:00', end: '12:00', driver: 'Kofi', vehicle: 'car', area: 'Quarry Hill and Alder Lane', booked: 1 },
  { id: 'RW-10', day: 3, start: '13:00', end: '19:00', driver: 'Dev', vehicle: 'people_carrier', area: 'All wards', booked: 4 },
  { id: 'RW-11', day: 4, start: '10:00', end: '14:00', driver: 'Marguerite', vehicle: 'car', area: 'Riverside and Old Town', booked: 0 },
  { id: 'RW-12', day: 4, start: '15:00', end: '20:00', driver: 'Ines', vehicle: 'wheelchair_van', area: 'All wards', booked: 1 },
  { id: 'RW-13', day: 5, start: '09:00', end: '13:00', driver: 'Tomasz', vehicle: 'car', area: 'Eastside', booked: 2 },
  { id: 'RW-14', day: 5, start: '11:00', end: '16:00', driver: 'Dev', vehicle: 'people_carrier', area: 'Northgate and Carr Street', booked: 0 },
  { id: 'RW-15', day: 6, start: '10:00', end: '15:00', driver: 'Kofi', vehicle: 'car', area: 'Quarry Hill and Alder Lane', booked: 0 },
  { id: 'RW-16', day: 6, start: '12:00', end: '17:00', driver: 'Ines', vehicle: 'wheelchair_van', area: 'All wards', booked: 0 },
];
