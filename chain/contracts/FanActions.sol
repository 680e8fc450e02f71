// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// Favorites and follows recorded for whoever calls: `msg.sender` is the listener. No signature
/// checking of its own: a listener's account calls it directly, or through a sponsored batch its
/// delegate runs (then `msg.sender` is still the listener's address).
contract FanActions {
    mapping(address => mapping(bytes32 => bool)) private favorited;
    mapping(bytes32 => uint256) private favorites;
    mapping(address => mapping(bytes32 => bool)) private followed;
    mapping(bytes32 => uint256) private followers;

    event Favorited(address indexed listener, bytes32 indexed trackKey, string trackId);
    event Followed(address indexed listener, bytes32 indexed artistKey, string artistId);

    error AlreadyFavorite(address listener, string trackId);
    error AlreadyFollowing(address listener, string artistId);

    function favorite(string calldata trackId) external {
        bytes32 key = keccak256(bytes(trackId));
        if (favorited[msg.sender][key]) revert AlreadyFavorite(msg.sender, trackId);
        favorited[msg.sender][key] = true;
        favorites[key] += 1;
        emit Favorited(msg.sender, key, trackId);
    }

    function follow(string calldata artistId) external {
        bytes32 key = keccak256(bytes(artistId));
        if (followed[msg.sender][key]) revert AlreadyFollowing(msg.sender, artistId);
        followed[msg.sender][key] = true;
        followers[key] += 1;
        emit Followed(msg.sender, key, artistId);
    }

    function isFavorite(address listener, string calldata trackId) external view returns (bool) {
        return favorited[listener][keccak256(bytes(trackId))];
    }

    function favoriteCount(string calldata trackId) external view returns (uint256) {
        return favorites[keccak256(bytes(trackId))];
    }

    function isFollowing(address listener, string calldata artistId) external view returns (bool) {
        return followed[listener][keccak256(bytes(artistId))];
    }

    function followerCount(string calldata artistId) external view returns (uint256) {
        return followers[keccak256(bytes(artistId))];
    }
}
