// How far back the device keeps the owner's facts and daily rollups (docs/growth.md §3, §6): the window, in days
// before today. A period reaching further back is read from the server.
export const WINDOW_DAYS = 90;
