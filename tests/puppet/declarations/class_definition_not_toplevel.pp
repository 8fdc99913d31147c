if true { class nested { } }
