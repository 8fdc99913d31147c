plan p() { }
