// Scaffold: filled in by the slice of issue 9 that owns this page (staff-and-content.md §8).
export const adminUsers = {} as const
