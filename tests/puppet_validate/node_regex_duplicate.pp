node /a/ {}
node /a/ {}
