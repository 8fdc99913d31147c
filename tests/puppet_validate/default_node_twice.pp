node default {}
node default {}
