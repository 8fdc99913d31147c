class "quoted" {}
