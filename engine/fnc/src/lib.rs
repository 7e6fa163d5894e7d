//! Forgotten Napoleonic Campaigns: The Egyptian Campaign (EC) and The Russo-Swedish War
//! (RSW) on one system. Rule numbers cite the FNC rules text.
