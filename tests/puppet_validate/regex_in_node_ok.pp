node /^web\d+$/ {}
